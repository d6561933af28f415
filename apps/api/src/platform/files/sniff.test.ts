import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentMatches, extensionOf, type FileKind, peek, SNIFF_BYTES, sniff } from './sniff';

const b = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A zip whose local headers name these entries (stored, empty): enough for sniffing. */
function zipWith(names: string[]) {
  return Buffer.concat(
    names.map((name) => {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return Buffer.concat([header, Buffer.from(name)]);
    }),
  );
}
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ole2With = (name: string) =>
  Buffer.concat([b(OLE2), Buffer.alloc(504), Buffer.from(`Root Entry\0${name}\0`, 'utf16le')]);

describe('sniff', () => {
  it('recognises images, pdf, and video containers by their magic bytes', () => {
    const cases: [Buffer, FileKind][] = [
      [b('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'pdf'],
      [b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'png'],
      [b([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpeg'],
      [b('GIF89a', [1, 0, 1, 0]), 'gif'],
      [b('GIF87a', [1, 0, 1, 0]), 'gif'],
      [b([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2'), 'mp4'],
      [b([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '), 'mov'],
      [b([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'), 'mov'],
      [b('RIFF', [0x10, 0, 0, 0], 'AVI LIST'), 'avi'],
      [
        b([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
        'wmv',
      ],
    ];
    for (const [head, kind] of cases) expect(sniff(head), kind).toBe(kind);
  });

  it('tells real spreadsheets apart: xlsx (zip) and xls (OLE2)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Questions').addRow(['Code', 'Text']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(sniff(xlsx.subarray(0, SNIFF_BYTES))).toBe('xlsx');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Code', 'Text']]), 'Questions');
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer;
    expect(sniff(xls.subarray(0, SNIFF_BYTES))).toBe('xls');
  });

  it('narrows zip and OLE2 containers to the Office format their parts name', () => {
    expect(sniff(zipWith(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']))).toBe('docx');
    expect(sniff(zipWith(['[Content_Types].xml', 'ppt/presentation.xml']))).toBe('pptx');
    expect(sniff(zipWith(['[Content_Types].xml', 'docProps/app.xml']))).toBe('ooxml');
    expect(sniff(zipWith(['questions/q1.html', 'images/a.png']))).toBe('zip');
    expect(sniff(b('PK\x05\x06', Array(18).fill(0)))).toBe('zip');
    expect(sniff(ole2With('WordDocument'))).toBe('doc');
    expect(sniff(ole2With('PowerPoint Document'))).toBe('ppt');
    expect(sniff(ole2With('Workbook'))).toBe('xls');
    expect(sniff(b(OLE2, Array(600).fill(0)))).toBe('ole2');
  });

  it('recognises nothing in text, html, scripts or too few bytes', () => {
    for (const head of [
      b('Code,Text\nQ1,What?'),
      b('<!doctype html><html>'),
      b('#!/bin/sh\n'),
      b('%PD'),
      b([0xff, 0xd8]),
      b(''),
    ]) {
      expect(sniff(head)).toBeUndefined();
    }
  });
});

describe('contentMatches', () => {
  it('accepts content whose kind fits one of the allowed extensions', () => {
    expect(contentMatches('xlsx', ['xls', 'xlsx'])).toBe(true);
    expect(contentMatches('xls', ['.XLS'])).toBe(true);
    expect(contentMatches('ole2', ['xls'])).toBe(true);
    expect(contentMatches('ooxml', ['xlsx'])).toBe(true);
    expect(contentMatches('xlsx', ['zip'])).toBe(true);
    expect(contentMatches('mov', ['mp4', 'mov'])).toBe(true);
    expect(contentMatches('pdf', ['pdf'])).toBe(true);
  });
  it('refuses other content and unknown content', () => {
    expect(contentMatches('zip', ['xlsx'])).toBe(false);
    expect(contentMatches('docx', ['xlsx'])).toBe(false);
    expect(contentMatches('pdf', ['xls', 'xlsx'])).toBe(false);
    expect(contentMatches('xls', ['xlsx'])).toBe(false);
    expect(contentMatches(undefined, ['pdf'])).toBe(false);
    expect(contentMatches('png', [])).toBe(false);
  });
  it('reads extensions', () => {
    expect(extensionOf('Questions.XLSX')).toBe('xlsx');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });
});

describe('peek', () => {
  it('gives the head and a stream that still yields every byte', async () => {
    const data = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
    const chunks = [data.subarray(0, 3000), data.subarray(3000, 9000), data.subarray(9000)];
    const { head, stream } = await peek(Readable.from(chunks));
    expect(head.equals(data.subarray(0, SNIFF_BYTES))).toBe(true);
    const out: Buffer[] = [];
    for await (const c of stream) out.push(c as Buffer);
    expect(Buffer.concat(out).equals(data)).toBe(true);
  });
  it('handles a stream shorter than the head', async () => {
    const { head, stream } = await peek(Readable.from([Buffer.from('%PDF-1.4')]));
    expect(sniff(head)).toBe('pdf');
    const out: Buffer[] = [];
    for await (const c of stream) out.push(c as Buffer);
    expect(Buffer.concat(out).toString()).toBe('%PDF-1.4');
  });
});
