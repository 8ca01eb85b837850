import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const repositoryRoot = join(__dirname, '..', '..');

/**
 * A customer's bearer token for `accountId`, minted as a developer would (`npm run token -- customer
 * <accountId>`) with the embedded identity provider's key that the shop started by shop-process.ts uses.
 */
export function mintCustomerToken(accountId: string): string {
  return mintToken('customer', accountId);
}

/** A staff member's bearer token (`npm run token -- admin <subject>`), for the back-office calls a test makes. */
export function mintStaffToken(subject = 'e2e-staff'): string {
  return mintToken('admin', subject);
}

function mintToken(role: 'customer' | 'admin', subject: string): string {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'services/src/cli/mint-token.ts', role, subject],
    // this test's environment, which holds its shop clock (SHOP_CLOCK): a child started without one gets
    // jest's process environment, never changed by the test
    { cwd: repositoryRoot, encoding: 'utf8', env: process.env },
  );
  const token = output.trim().split('\n').at(-1) ?? '';
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw new Error(`npm run token gave no token:\n${output}`);
  return token;
}
