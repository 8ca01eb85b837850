export type { ShopLook, ShopLookSource } from './shop-look';
export { logoImages, type LogoImage } from './logo-image';
export { contactFooter, mailFooterText, type ContactFooter } from './contact-footer';
