// 'Tu dirección en EE. UU.' on /locker: the send-to address whole, copied, explained, and field by field.
import {
  checkoutFields,
  formatSendToAddress,
  formatUsPhone,
  lockerAddressLine,
  parseOfficeAddress,
} from '../../../shared/address.ts';
import { appConfig } from '../../app/app-config.ts';
import { CopyButton } from '../../components/copy-button.tsx';

/**
 * One format in both views and in the copy (address.ts): the locker number on address line 2, after the suite. The
 * page says so, and offers the office's US phone (OFFICE_PHONE) for checkouts that require one.
 */
export function SendToAddress({ name, lockerNumber }: { name: string; lockerNumber: string }) {
  const { brandName, officeAddress, officePhone } = appConfig;
  const sendTo = formatSendToAddress(brandName, name, lockerNumber, officeAddress);
  const office = parseOfficeAddress(officeAddress);
  const lockerLine = office ? lockerAddressLine(office, lockerNumber) : '';

  return (
    <section className="card send-to" aria-labelledby="send-to-heading">
      <h2 id="send-to-heading">Tu dirección en EE.&nbsp;UU.</h2>
      <p className="address">
        {sendTo.split('\n').map((line, index) => (
          // The lines of one fixed address: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <span key={index} className={line === lockerLine ? 'address__locker' : undefined}>
            {line}
          </span>
        ))}
      </p>
      <CopyButton
        text={sendTo}
        announcement="Dirección copiada. Pégala en la tienda al pagar."
        className="button"
      >
        Copiar dirección
      </CopyButton>
      <p className="send-to__hint">
        Tu número de casillero va en la <strong>línea 2 de la dirección (Address line 2)</strong>
        {office?.suite ? ', junto a la suite' : ''}:{' '}
        <strong className="nowrap">{lockerLine || `#${lockerNumber}`}</strong>. Sin él no sabremos que el
        paquete es tuyo.
        {officePhone && (
          <>
            {' '}
            Si la tienda pide un teléfono, usa el de nuestra oficina:{' '}
            <span className="nowrap">{formatUsPhone(officePhone)}</span>.
          </>
        )}
      </p>
      {office && (
        <details className="checkout">
          <summary>Campo por campo, como lo pide la tienda</summary>
          <ul className="checkout__list">
            {checkoutFields(name, lockerNumber, office, { brand: brandName, phone: officePhone }).map(
              (field) => (
                <li key={field.label} className="checkout__row">
                  <span className="checkout__label">{field.label}</span>
                  <span className="checkout__value">{field.value}</span>
                  <CopyButton
                    text={field.value}
                    announcement={`Copiado: ${field.label}.`}
                    className="button button--small button--secondary"
                    fieldLabel={field.label}
                  >
                    Copiar
                  </CopyButton>
                </li>
              ),
            )}
          </ul>
        </details>
      )}
    </section>
  );
}
