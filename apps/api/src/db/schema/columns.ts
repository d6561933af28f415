import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Audit columns as the spec names them (createdBy/createdDate/updatedBy/updatedDate); null "by" = system. */
export const audit = {
  createdBy: integer('created_by'),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
};

export const tz = (name: string) => timestamp(name, { withTimezone: true });
