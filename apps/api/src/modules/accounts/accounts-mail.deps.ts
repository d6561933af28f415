import type { UnitOfWork } from '../../platform/db/unit-of-work';
import type { Mailer } from '../../platform/mail/mailer';
import type { AccountsRepository } from './accounts.repository';

/** What the account services that write accounts and send mail share (registration, passwords). */
export type AccountsMailDeps = {
  accounts: AccountsRepository;
  withTransaction: UnitOfWork<{ accounts: AccountsRepository }>;
  mailer: Mailer;
  clock: () => Date;
  log: { error: (obj: object, msg: string) => void };
};
