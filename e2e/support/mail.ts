import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function inbox(): Mail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail);
}

/** Waits for an e-mail to this address whose text has a link matching the pattern; answers the link. */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = inbox()
          .reverse()
          .find((m) => m.to.includes(to) && pattern.test(m.text));
        link = mail ? pattern.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { timeout: 15_000, message: `an e-mail to ${to} with ${pattern}` },
    )
    .toBeTruthy();
  return link!;
}
