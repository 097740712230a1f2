// 'Datos que guardamos': everything held on the person, in words they read (a formatted phone, the device as
// 'Chrome en Android'), the proof of their consent and their activity.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { describeActivity, formatDate, type PersonalData } from '../api.ts';
import { describeDevice } from './device-summary.ts';

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {children}
        {hint && <span className="data-list__hint">{hint}</span>}
      </dd>
    </div>
  );
}

const orNone = (value: string) => value || 'No registrado';

/** '+57 310 1234567': the stored E.164 number grouped as people write it. */
export function formatPhone(phone: string): string {
  if (!phone) return 'No registrado';
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

function addressLine(direccion: string, ciudad: string, codigoPostal: string) {
  return [direccion, ciudad, codigoPostal].filter((part) => part.trim() !== '').join(', ') || 'No registrada';
}

export function HeldData({ data }: { data: PersonalData }) {
  return (
    <section className="card" aria-labelledby="held-heading">
      <h2 id="held-heading">Datos que guardamos</h2>
      <dl className="data-list">
        <Row label="Nombre completo">{data.name}</Row>
        <Row
          label="Nombre registrado"
          hint="Es el nombre de tu casillero: va en tu dirección en EE. UU. y en la etiqueta de cada paquete."
        >
          {data.registeredName}
        </Row>
        <Row label="Correo electrónico">
          {data.email} {data.emailVerified ? '(verificado)' : '(sin verificar)'}
        </Row>
        {data.correoPendiente && (
          <Row label="Cambio de correo pendiente">{data.correoPendiente} (falta abrir el enlace)</Row>
        )}
        <Row label="Cédula">{data.cedula}</Row>
        <Row label="Teléfono">{formatPhone(data.telefono)}</Row>
        <Row label="Dirección de entrega 1">
          {addressLine(data.direccion1, data.ciudad1, data.codigoPostal1)}
        </Row>
        <Row label="Dirección de entrega 2">
          {addressLine(data.direccion2, data.ciudad2, data.codigoPostal2)}
        </Row>
        <Row label="Número de casillero">{data.lockerNumber}</Row>
        <Row label="Dirección de la oficina en EE. UU.">
          <span className="data-list__multiline">{data.officeAddress}</span>
        </Row>
        <Row label="Código de referido">{data.refCode}</Row>
        <Row label="Referido por">{data.referredBy || 'Nadie'}</Row>
        <Row label="Tipo de cuenta">{data.role === 'admin' ? 'Administrador' : 'Cliente'}</Row>
        <Row label="Cuenta creada">{formatDate(data.createdAt)}</Row>
      </dl>
      <h3>Tu autorización para tratar tus datos</h3>
      <dl className="data-list">
        <Row label="Aceptaste la política de tratamiento de datos">{data.aceptoPolitica ? 'Sí' : 'No'}</Row>
        <Row label="Versión de la política">
          <Link to={paths.privacyPolicy}>{data.politicaVersion}</Link>
        </Row>
        <Row label="Fecha de aceptación">{formatDate(data.fechaAceptoPolitica)}</Row>
        <Row label="Dirección IP">{orNone(data.consentIp)}</Row>
        <Row label="Navegador">{describeDevice(data.consentUserAgent)}</Row>
      </dl>
      <details className="activity">
        <summary>Registro de actividad ({data.actividad.length})</summary>
        {data.actividad.length === 0 ? (
          <p>No hay actividad registrada.</p>
        ) : (
          <ol>
            {data.actividad.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>: {describeActivity(entry)}
                {entry.ip ? ` · IP ${entry.ip}` : ''}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}
