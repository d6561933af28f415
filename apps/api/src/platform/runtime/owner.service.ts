import { isStrongPassword, passwordPolicyMessage } from '@assess/contracts/auth';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import type { createOwnerRepository } from './owner.repository';

export const ownerMessages = {
  emailMissing: "Give the owner's e-mail address: --email ADDRESS",
  emailInvalid: (v: string) => `'${v}' is not a valid e-mail address.`,
  nameMissing: 'Give the owner\'s name: --name "FIRST LAST"',
  nameTooLong: 'The name may have at most 100 characters.',
  passwordMissing:
    'Give the password in OWNER_PASSWORD (or run the command on a terminal, which asks for it).',
  passwordPolicy: passwordPolicyMessage,
  ownerExists: (userName: string) =>
    `An owner account exists already (${userName}): create-owner only makes the first one; add further administrators in the console.`,
  userNameTaken: (email: string) => `A user named ${email} exists already.`,
  created: (email: string) => `Owner ${email} created: sign in with this address and the password given.`,
} as const;

/** Refused input: the message says what to fix; nothing was written. */
export class OwnerRefused extends Error {}

const emailSchema = z.email();

/**
 * The owner's input checked on its own (no database needed), so create-owner refuses wrong input before it
 * opens or prepares any database. Returns the normalised e-mail address and name.
 */
export function checkOwnerInput(input: { email?: string; name?: string; password?: string }) {
  const email = input.email?.trim().toLowerCase() ?? '';
  if (!email) throw new OwnerRefused(ownerMessages.emailMissing);
  if (email.length > 254 || !emailSchema.safeParse(email).success)
    throw new OwnerRefused(ownerMessages.emailInvalid(input.email ?? ''));
  const name = input.name?.trim().replace(/\s+/g, ' ') ?? '';
  if (!name) throw new OwnerRefused(ownerMessages.nameMissing);
  if (name.length > 100) throw new OwnerRefused(ownerMessages.nameTooLong);
  if (!input.password) throw new OwnerRefused(ownerMessages.passwordMissing);
  if (!isStrongPassword(input.password)) throw new OwnerRefused(ownerMessages.passwordPolicy);
  return { email, name, password: input.password };
}

/** npm run create-owner: checks everything first, then writes the owner in one transaction (or nothing). */
export function createOwnerService(deps: {
  owners: Pick<ReturnType<typeof createOwnerRepository>, 'existingOwner' | 'userNameTaken' | 'create'>;
}) {
  return {
    async create(input: { email?: string; name?: string; password?: string }) {
      const { email, name, password } = checkOwnerInput(input);
      const existing = await deps.owners.existingOwner();
      if (existing) throw new OwnerRefused(ownerMessages.ownerExists(existing));
      if (await deps.owners.userNameTaken(email)) throw new OwnerRefused(ownerMessages.userNameTaken(email));
      const [firstName, ...rest] = name.split(' ');
      const created = await deps.owners.create({
        email,
        firstName,
        lastName: rest.join(' '),
        passwordHash: await hashPassword(password),
      });
      if (!created) throw new OwnerRefused(ownerMessages.ownerExists(email));
      return ownerMessages.created(email);
    },
  };
}
