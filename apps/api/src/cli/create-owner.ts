import { parseArgs } from 'node:util';
import { prepareDatabase } from '../db/prepare';
import { loadConfig } from '../platform/config';
import { databaseOptionsOf, openDatabase } from '../platform/db/client';
import { fail } from '../platform/runtime/fail';
import { createOwnerRepository } from '../platform/runtime/owner.repository';
import { checkOwnerInput, createOwnerService, OwnerRefused } from '../platform/runtime/owner.service';
import { askHidden } from './prompt';

// npm run create-owner -- --email ADDRESS --name "NAME": the platform owner's first administrator (Super User of
// provider 0) on a fresh database. The password comes from OWNER_PASSWORD, or is asked for on a terminal; it must
// meet the password policy. Refused with one line (exit 1) when an owner exists or the input is wrong; then nothing
// is written.
const args = fail.unless(
  () =>
    parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' } },
      allowPositionals: false,
    }).values,
  'Usage: npm run create-owner -- --email ADDRESS --name "NAME"',
);
const config = fail.unless(() => loadConfig());
let password = process.env.OWNER_PASSWORD;
if (!password && process.stdin.isTTY) {
  password = await askHidden('Password for the owner: ');
  const again = await askHidden('The same password again: ');
  if (again !== password)
    fail.unless(() => {
      throw new Error('The passwords do not match.');
    });
}
// Wrong input is refused before any database is opened or prepared.
try {
  checkOwnerInput({ email: args.email, name: args.name, password });
} catch (err) {
  if (!(err instanceof OwnerRefused)) throw err;
  console.error(`error: ${err.message}`);
  process.exit(1);
}
const handle = await fail.unlessAsync(
  () => openDatabase(databaseOptionsOf(config, 2)),
  'The database cannot be opened',
);
const owners = createOwnerService({ owners: createOwnerRepository(handle.db) });
try {
  // The schema and reference data first (as db:migrate does), so the command works on an empty database.
  await prepareDatabase(handle, new Date(), { demo: false });
  console.log(await owners.create({ email: args.email, name: args.name, password }));
  await handle.close();
} catch (err) {
  await handle.close().catch(() => {});
  console.error(
    `error: ${err instanceof OwnerRefused ? err.message : `create-owner failed: ${(err as Error).message.split('\n')[0]}`}`,
  );
  process.exit(1);
}
