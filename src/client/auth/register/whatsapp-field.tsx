// The WhatsApp notices box (design/notices.md 'Consent first'), beside the phone: unticked unless the person ticks it;
// its label names the phone the notices will go to.
import { consentLabel } from '../../../shared/notices/templates.ts';
import { BoxField } from './consent-field.tsx';

export function WhatsappField(props: {
  phone: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const { phone, ...box } = props;
  return (
    <BoxField
      id="avisosWhatsapp"
      label={consentLabel(phone.trim())}
      hint="Opcional. Puedes cambiarlo cuando quieras en Mis datos o escribiendo BAJA a nuestro número."
      {...box}
    />
  );
}
