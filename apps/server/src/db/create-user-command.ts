import { sql } from 'drizzle-orm';
import { emailSchema, type RoleKey } from '@rrp/domain';
import type { Db } from '../platform/db/database';
import { createUser } from './factories';
import { users } from './schema';

export interface CreateUserCommand {
  email: string;
  roles: RoleKey[];
  password: string;
  firstName?: string;
  lastName?: string;
}

/** The CLI's create-user: a verified account with the given roles, refused if the e-mail is taken. */
export async function createUserCommand(db: Db, input: CreateUserCommand) {
  const email = emailSchema.parse(input.email);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (taken) throw new Error(`A user with the e-mail ${email} already exists.`);
    return createUser(tx, {
      email,
      password: input.password,
      roles: input.roles,
      firstName: input.firstName,
      lastName: input.lastName,
      verified: true,
      agreedToTerms: false,
    });
  });
}
