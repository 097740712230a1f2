// SPEC.md §2 Welcome screen ('/', in the first bundle): what the service is, 'Ingresar', 'Crear cuenta' and the calculator.
import { appConfig } from '../../app-config.ts';
import { Logo } from '../../components/logo.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { paths } from '../../paths.ts';
import { Link, useNavigate } from '../../router.tsx';

export default function WelcomePage() {
  const navigate = useNavigate();
  usePageTitle('Tu Casillero Express');
  return (
    <main className="page welcome">
      <Logo size={96} />
      <h1>Bienvenido a {appConfig.brandName} - Tu Casillero Express</h1>
      <p className="lead">
        Compra en tiendas de Estados Unidos con tu propio casillero y dirección en Florida. Te llevamos cada
        paquete a la puerta de tu casa y pagas el envío al recibir.
      </p>
      <ol className="steps">
        <li>Crea tu cuenta y recibe tu número de casillero.</li>
        <li>Usa tu dirección en EE. UU. al pagar en la tienda.</li>
        <li>Avísanos de tu paquete y te lo llevamos a casa.</li>
      </ol>
      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(paths.login)}>
          Ingresar
        </button>
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.register)}>
          Crear cuenta
        </button>
      </div>
      <p className="welcome__calculator">
        ¿Cuánto cuesta traer tu compra? <Link to={paths.calculator}>Calcula tu envío</Link>
      </p>
    </main>
  );
}
