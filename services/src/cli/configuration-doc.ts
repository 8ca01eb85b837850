import type { z } from 'zod';
import { accountVariables } from '../account';
import { paymentProviderVariables } from '../payment-provider';
import { simulatorVariables } from '../psp-simulator';
import { ticketVariables } from '../ticket';
import { waitingRoomVariables } from '../waiting-room';
import { webhookVariables } from '../webhook';
import { developmentSecrets } from '../platform/development-secrets';
import { mailVariables } from '../platform/mail/mail-settings';
import { personFieldVariables, platformVariables } from '../platform/platform-settings';
import { settingDocsOf } from '../platform/settings';

/** Every group of settings the shop reads, in the order the document lists them, with where it is read. */
const settingGroups: { title: string; readIn: string; variables: z.ZodObject }[] = [
  {
    title: 'The shop: processes, services, sign-in, sale limits, orders',
    readIn: 'services/src/platform/platform-settings.ts',
    variables: platformVariables,
  },
  {
    title: 'Person fields',
    readIn: 'services/src/platform/platform-settings.ts',
    variables: personFieldVariables,
  },
  { title: 'Mails', readIn: 'services/src/platform/mail/mail-settings.ts', variables: mailVariables },
  { title: 'Accounts', readIn: 'services/src/account/account-settings.ts', variables: accountVariables },
  {
    title: 'Tickets and receipts',
    readIn: 'services/src/ticket/ticket-settings.ts',
    variables: ticketVariables,
  },
  {
    title: 'The card payment provider',
    readIn: 'services/src/payment-provider/provider-settings.ts',
    variables: paymentProviderVariables,
  },
  { title: 'Webhooks', readIn: 'services/src/webhook/webhook-settings.ts', variables: webhookVariables },
  {
    title: 'The waiting room',
    readIn: 'services/src/waiting-room/settings.ts',
    variables: waitingRoomVariables,
  },
  {
    title: 'The PSP simulator (development only; a process of its own)',
    readIn: 'services/src/psp-simulator/simulator-config.ts',
    variables: simulatorVariables,
  },
];

const code = (text: string) => `\`${text}\``;

/** A Markdown table as prettier writes it: every cell padded to its column's width. */
function table(header: string[], rows: string[][]): string[] {
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widthOf = (text: string) => [...text].length;
  const widths = header.map((_, column) => Math.max(...cells.map((row) => widthOf(row[column]!))));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell + ' '.repeat(widths[column]! - widthOf(cell))).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)];
}

/** docs/configuration.md as the settings' schemas describe it (`npm run docs:configuration` writes it). */
export function configurationDoc(): string {
  const secrets = Object.keys(developmentSecrets).map(code).join(' and ');
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from the settings’ zod schemas by `npm run docs:configuration` (services/src/cli/configuration-doc.ts): change a setting’s schema and its meaning there, then run it. A unit test fails while this file is stale. -->',
    '',
    'Every variable is optional in development; a bad value stops the process at start-up with a message naming it. Outside development (`ALPENPASS_ENV=production`, or `NODE_ENV=production` as in the Docker image) the shop also refuses to start while a secret is missing or still holds its development default (' +
      secrets +
      '; with `PSP_BASE_URL` also `PSP_MERCHANT_PASSWORD`, `PSP_HMAC_KEY` and `PSP_WEBHOOK_URL`; the embedded identity provider’s and Auth.js’s secrets for sign-in). `npm start` and the tests run as development.',
  ];
  for (const group of settingGroups) {
    const rows = settingDocsOf(group.variables).map((doc) => [
      code(doc.variable),
      doc.shownDefault,
      doc.meaning,
    ]);
    lines.push('', `## ${group.title}`, '', `Read in \`${group.readIn}\`.`, '');
    lines.push(...table(['variable', 'default', 'meaning'], rows));
  }
  return `${lines.join('\n')}\n`;
}
