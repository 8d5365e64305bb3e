// Makes sure Debian's Chromium headless shell is there for the browser journeys: installs it when
// running as root, otherwise stops with a one-line instruction. Never skips the journeys silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGE = 'chromium-headless-shell';
const path = process.env.CHROMIUM_PATH ?? `/usr/bin/${PACKAGE}`;
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log(`Chromium not found: installing the Debian package ${PACKAGE}...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, {
      stdio: 'inherit',
    });
  } else {
    console.error(`Chromium not found: run \`sudo apt-get install ${PACKAGE}\` (Debian) and retry.`);
    process.exit(1);
  }
}
