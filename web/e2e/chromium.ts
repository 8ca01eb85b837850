import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: a test tool's own browser download cannot work on these machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the networking flags chromium keeps dialling Google's hosts, which this network refuses. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const repositoryRoot = join(__dirname, '..', '..');

/** Installs the Debian package through the project's script when the browser is missing. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  execFileSync('bash', [join(repositoryRoot, 'infra', 'scripts', 'ensure-chromium.sh')], {
    stdio: 'inherit',
  });
}

export async function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export const screenshotFolder = join(repositoryRoot, 'test-results');
