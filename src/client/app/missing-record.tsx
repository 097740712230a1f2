// Shown instead of loading forever when the signed-in account has no users record (design/product.md §4, §8).
import { signOutHere } from '../auth/session.ts';
import { Notice } from '../components/notice.tsx';
import { appConfig } from './app-config.ts';

export function MissingRecord() {
  return (
    <>
      <Notice tone="error">
        No encontramos los datos de tu casillero. Escríbenos a {appConfig.supportEmail} para revisarlo, o
        cierra sesión e inténtalo más tarde.
      </Notice>
      <button type="button" className="button button--secondary" onClick={() => void signOutHere()}>
        Cerrar sesión
      </button>
    </>
  );
}
