// 'Avisos por WhatsApp' in 'Mis datos' (design/notices.md 'Consent first'): the current choice with its date and policy
// version, and the switch that changes it (GET/PUT /api/me/whatsapp). Turning it on without a phone shows the
// server's message beside the switch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { QueryStates } from '../../app/query-states.tsx';
import { Notice } from '../../components/notice.tsx';
import { getWhatsappChoice, noticeKeys, setWhatsappChoice, type WhatsappChoice } from '../../notices/api.ts';
import { ConsentSwitch } from './consent-switch.tsx';

const ID = 'avisos-whatsapp';

function choiceText(choice: WhatsappChoice): string {
  if (!choice.at) return 'Aún no has elegido: no te enviamos avisos por WhatsApp.';
  const state = choice.granted ? 'Activados' : 'Desactivados';
  const phone = choice.granted && choice.phone ? ` al ${choice.phone}` : '';
  return `${state}${phone} desde el ${formatLocalDateTime(choice.at)} (política de avisos versión ${choice.policyVersion}).`;
}

export function WhatsappSwitch() {
  const queryClient = useQueryClient();
  const choice = useQuery({
    queryKey: noticeKeys.choice,
    queryFn: ({ signal }) => getWhatsappChoice(signal),
  });
  // The choice asked for, shown by the switch while the change is on its way. React state set in the click itself:
  // the mutation's own pending state arrives a task later, and meanwhile React would put the box back as it was.
  const [asked, setAsked] = useState<boolean | undefined>();
  const saving = asked !== undefined;
  const change = useMutation({
    mutationFn: setWhatsappChoice,
    onSuccess: (saved) => queryClient.setQueryData(noticeKeys.choice, saved.choice),
    onSettled: () => setAsked(undefined),
  });
  const shown = (current: WhatsappChoice) => asked ?? current.granted;
  const error = change.isError && !saving ? change.error.message || messages.serverError : undefined;

  return (
    <section className="card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading">Avisos por WhatsApp</h2>
      <QueryStates query={choice}>
        {(current) => (
          <ConsentSwitch
            id={ID}
            label="Avisos por WhatsApp"
            checked={shown(current)}
            disabled={saving}
            busy={saving}
            hint={`${saving ? 'Guardando...' : choiceText(current)} Sin avisos por WhatsApp te avisamos por correo.`}
            error={error}
            onChange={(checked) => {
              setAsked(checked);
              change.mutate(checked);
            }}
          >
            {change.isSuccess && !saving && <Notice tone="success">{change.data.message}</Notice>}
          </ConsentSwitch>
        )}
      </QueryStates>
    </section>
  );
}
