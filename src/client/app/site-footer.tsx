// Every screen's footer: the company (COMPANY_*), support (SUPPORT_WHATSAPP, SUPPORT_EMAIL), the data policy.

import { paths } from '../../shared/paths.ts';
import { appConfig } from './app-config.ts';
import { Link } from './router.tsx';
import './site-footer.css';

/** '13055550114' → '+1 305 555 0114', '573001112233' → '+57 300 111 2233'; other numbers as '+digits'. */
export function displayPhone(digits: string): string {
  const match = /^(1|57)(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `+${match.slice(1).join(' ')}` : `+${digits}`;
}

export function SiteFooter() {
  const { companyName, companyNit, companyAddress, supportWhatsapp, supportEmail } = appConfig;
  return (
    <footer className="site-footer">
      <p>
        <strong>{companyName}</strong>
        {companyNit && <> · NIT&nbsp;{companyNit}</>}
      </p>
      {companyAddress && <p>{companyAddress}</p>}
      <p className="site-footer__contact">
        {supportWhatsapp && (
          <a href={`https://wa.me/${supportWhatsapp}`} target="_blank" rel="noopener noreferrer">
            WhatsApp {displayPhone(supportWhatsapp)}
          </a>
        )}
        {supportEmail && <a href={`mailto:${supportEmail}`}>{supportEmail}</a>}
        <Link to={paths.privacyPolicy}>Política de datos</Link>
        <Link to={paths.pqr}>Peticiones, quejas y reclamos (PQR)</Link>
      </p>
    </footer>
  );
}
