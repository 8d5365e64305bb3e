import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import {
  findRoleConflict,
  isRoleKey,
  passwordMeetsCriteria,
  PASSWORD_CRITERIA,
  type RoleKey,
} from '@rrp/domain';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/open';
import { seedReferenceData } from './db/seed';
import { createUserCommand } from './db/create-user-command';
import { GENERATE_USAGE, generateDataCommand } from './db/generate/command';
import { IMPORT_DONORS_USAGE, importDonorsCommand } from './db/import-donors-command';

const USAGE = `Usage: npm run cli -- create-user --email E --roles R1,R2 [--first-name F] [--last-name L] [--password-stdin]

Creates a verified account. The password is asked for (twice, not echoed) on a terminal, read from
standard input with --password-stdin, or else generated and shown once on this terminal.

${GENERATE_USAGE}

${IMPORT_DONORS_USAGE}`;

/** Reads a line without echoing it (for passwords typed at a terminal). */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = rl.question(question);
  muted = true;
  const value = await answer;
  rl.close();
  process.stdout.write('\n');
  return value;
}

async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data.replace(/\r?\n$/, '');
}

async function obtainPassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (fromStdin) return { password: await readStdin(), generated: false };
  if (process.stdin.isTTY) {
    const password = await askHidden('Password: ');
    const again = await askHidden('Password (again): ');
    if (password !== again) throw new Error('Passwords do not match.');
    return { password, generated: false };
  }
  // Random, and shaped to meet every criterion of the password rule.
  return { password: `${randomBytes(12).toString('base64url')}aA1!`, generated: true };
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'generate-data') return generateDataCommand(rest, loadConfig());
  if (command === 'import-donors') return importDonorsCommand(rest, loadConfig());
  if (command !== 'create-user') {
    console.error(USAGE);
    process.exit(command ? 2 : 0);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      roles: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (!values.email || !values.roles) {
    console.error(USAGE);
    process.exit(2);
  }
  const roles = values.roles.split(',').map((role) => role.trim());
  const unknown = roles.filter((role) => !isRoleKey(role));
  if (unknown.length) throw new Error(`Unknown role: ${unknown.join(', ')}`);
  const conflict = findRoleConflict(roles as RoleKey[]);
  if (conflict) throw new Error(`Roles ${conflict[0]} and ${conflict[1]} exclude each other.`);

  const { password, generated } = await obtainPassword(values['password-stdin']);
  if (!passwordMeetsCriteria(password)) {
    throw new Error(
      `Password does not satisfy all criteria: ${PASSWORD_CRITERIA.map((c) => c.label).join(', ')}.`,
    );
  }

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await seedReferenceData(database.db);
    const user = await createUserCommand(database.db, {
      email: values.email,
      roles: roles as RoleKey[],
      password,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    console.log(`Created user ${user.id} <${user.email}> with roles ${roles.join(', ')}.`);
    if (generated) console.log(`Generated password (shown once, change it after signing in): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
