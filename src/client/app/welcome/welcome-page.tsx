// design/product.md §2 Welcome screen ('/', in the first bundle): what the service is, 'Crear cuenta' first ('Ingresar'
// beside it, or 'Ir a mi casillero' for someone already signed in here), the rates calculator, and how it works in
// three steps, above the company's footer.

import { useEffect, useState } from 'react';
import { formatUsdBrief } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useSession } from '../../auth/session.ts';
import { getRates } from '../../charges/api.ts';
import { appConfig } from '../app-config.ts';
import { Logo } from '../logo.tsx';
import { usePageTitle } from '../page-title.ts';
import { Link, useNavigate } from '../router.tsx';
import { SiteFooter } from '../site-footer.tsx';
import { MAIN_ID, SkipLink } from '../skip-link.tsx';
import './welcome.css';

export default function WelcomePage() {
  const navigate = useNavigate();
  const signedIn = Boolean(useSession(null));
  usePageTitle('Tu Casillero Express');
  return (
    <div className="shell">
      <SkipLink />
      <main id={MAIN_ID} tabIndex={-1} className="page welcome">
        <Logo size={80} />
        <h1>Bienvenido a {appConfig.brandName} - Tu Casillero Express</h1>
        <p className="lead">
          Tu propia dirección en Florida para comprar en cualquier tienda de EE.&nbsp;UU. Te llevamos cada
          paquete a la puerta de tu casa y pagas el envío al recibir.
        </p>
        <div className="actions welcome__actions">
          {signedIn ? (
            <button type="button" className="button" onClick={() => navigate(paths.locker)}>
              Ir a mi casillero
            </button>
          ) : (
            <button type="button" className="button" onClick={() => navigate(paths.register)}>
              Crear cuenta
            </button>
          )}
          {signedIn ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigate(paths.register)}
            >
              Crear cuenta
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => navigate(paths.login)}>
              Ingresar
            </button>
          )}
        </div>
        <PriceFrom />
        <p className="welcome__calculator">
          ¿Cuánto cuesta traer tu compra? <Link to={paths.calculator}>Calcula tu envío</Link>
        </p>
        <section className="how" aria-labelledby="how-heading">
          <h2 id="how-heading">Así funciona</h2>
          <ol className="steps">
            <li>
              <strong>Regístrate gratis.</strong> Recibes tu número de casillero y tu dirección en
              EE.&nbsp;UU. al instante.
            </li>
            <li>
              <strong>Compra con tu dirección en EE.&nbsp;UU.</strong> Úsala al pagar en Amazon, eBay o
              cualquier tienda; tu casillero va en la línea 2.
            </li>
            <li>
              <strong>Recibe en tu puerta y paga al recibir.</strong> Te avisamos cuando llega a nuestra
              bodega y te lo llevamos a casa.
            </li>
          </ol>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

/** 'Envíos desde US$ 2,50 la libra.': the price per pound of the rates in force (nothing while they load). */
function PriceFrom() {
  const [cents, setCents] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    getRates().then(
      (rates) => live && setCents(rates.pricePerLbCents),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  // The line keeps its height while the rates load, so nothing below it moves when the price arrives.
  return (
    <p className="welcome__price">
      {cents === null ? '' : `Envíos desde ${formatUsdBrief(cents)} la libra.`}
    </p>
  );
}
