import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip archive written in one synchronous pass (it runs on the CPU pool): local headers, data, central directory
 * (PKZIP APPNOTE 4.3; no ZIP64, so at most 65,535 entries and 4 GB, far beyond an export's 5,000 questions and
 * 20 MB). Names are UTF-8 (general purpose flag bit 11). Entries are deflated unless `store` (images, already
 * compressed). Issue 26: yazl deflated each of 5,000 small entries on the libuv thread pool (10 s on a busy
 * machine) and fflate spent ~1 ms setting up each entry; zlib's synchronous deflate takes ~0.1 ms.
 */
export function zipEntries(entries: readonly { path: string; data: Uint8Array; store?: boolean }[]): Buffer {
  if (entries.length > 0xffff) throw new Error('too many entries for a zip without ZIP64');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00 in DOS time: the files have no meaningful date
  const dosTime = 0;
  const dosDate = (1 << 5) | 1;
  for (const e of entries) {
    const name = Buffer.from(e.path, 'utf8');
    const raw = Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength);
    const deflated = e.store ? null : deflateRawSync(raw);
    const method = deflated && deflated.length < raw.length ? 8 : 0;
    const body = method === 8 && deflated ? deflated : raw;
    const crc = crc32(raw) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4); // made by
    // version needed to the extra field's length: the local header's fields, two bytes further on (APPNOTE 4.3.12)
    local.copy(head, 6, 4, 30);
    // comment, disk, internal attributes: 0; external attributes: 0; local header offset:
    head.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(head, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
