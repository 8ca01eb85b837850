import { checkTarget, developmentTargets, isPublicAddress, productionTargets } from './target-address';

describe('webhook targets', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://127.1/hook',
    'https://2130706433/hook',
    'https://0x7f.0.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://[64:ff9b::a00:1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://100.64.0.1/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://localhost:3000/hook',
  ])('refuses %s in production', async (url) => {
    await expect(checkTarget(url, productionTargets)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'WEBHOOK_TARGET_NOT_ALLOWED',
      path: 'body.url',
    });
  });

  it('refuses plain http and names that do not resolve in production, and takes public https addresses', async () => {
    await expect(checkTarget('http://8.8.8.8/hook', productionTargets)).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_NOT_ALLOWED',
    });
    await expect(checkTarget('https://erp.alpenpass.invalid/hook', productionTargets)).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_UNRESOLVABLE',
    });
    await expect(checkTarget('https://8.8.8.8/hook', productionTargets)).resolves.toBeUndefined();
    await expect(
      checkTarget('https://[2606:4700:4700::1111]/hook', productionTargets),
    ).resolves.toBeUndefined();
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(
      checkTarget('https://erp.example.ch/hook', productionTargets, resolve),
    ).rejects.toMatchObject({ code: 'WEBHOOK_TARGET_NOT_ALLOWED' });
  });

  it('lets development reach the machine itself over http', async () => {
    await expect(checkTarget('http://127.0.0.1:4000/hook', developmentTargets)).resolves.toBeUndefined();
    await expect(checkTarget('http://localhost:4000/hook', developmentTargets)).resolves.toBeUndefined();
  });

  it('tells public from other addresses', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true, true]);
    expect(
      ['127.0.0.1', '::1', '::', '10.0.0.1', '224.0.0.1', '255.255.255.255', 'not-an-ip'].map(
        isPublicAddress,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});
