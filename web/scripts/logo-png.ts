import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium } from '../e2e/chromium';

/**
 * `npm run logo-png [file.svg …]`: draws each SVG logo once as a PNG beside it (logo.svg → logo.png),
 * the rendition the mails show (Gmail and Outlook show no SVG; services/src/platform/look/shop-look.ts
 * `mailLogoUrl`). Without arguments it draws the demo resort's logo, whose PNG is committed and served
 * from the SPA's public folder like the SVG. Drawn at twice the mail's 48 px so that sharp screens
 * stay sharp, on a transparent background.
 */
const MAIL_LOGO_PX = 48;
const SCALE = 2;
const demoLogo = join(__dirname, '..', 'public', 'images', 'demo', 'logo.svg');

async function main(files: string[]): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({
      viewport: { width: MAIL_LOGO_PX, height: MAIL_LOGO_PX },
      deviceScaleFactor: SCALE,
    });
    for (const file of files) {
      const svg = readFileSync(file).toString('base64');
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent"><img alt="" src="data:image/svg+xml;base64,${svg}" width="${MAIL_LOGO_PX}" height="${MAIL_LOGO_PX}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
      const target = file.replace(/\.svg$/i, '.png');
      writeFileSync(
        target,
        await page.screenshot({
          omitBackground: true,
          clip: { x: 0, y: 0, width: MAIL_LOGO_PX, height: MAIL_LOGO_PX },
        }),
      );
      console.log(target);
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  const files = process.argv.slice(2).map((file) => resolve(file));
  main(files.length > 0 ? files : [demoLogo]).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
