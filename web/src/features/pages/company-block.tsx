import { companyAddress, vatNumberIn } from '@alpenpass/contracts/src/contact-links';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useGetCurrentClientQuery } from '../client/api';

/** The company that sells, as the channel names it: name, address and VAT number (as on receipts). */
export function CompanyBlock({ language }: { language: Language }) {
  const branding = useGetCurrentClientQuery().data?.branding;
  if (!branding?.company) return null;
  return (
    <address className="company-block">
      {companyAddress(branding).map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>{vatNumberIn(branding.company, language)}</span>
    </address>
  );
}
