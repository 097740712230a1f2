// 'Ubicación' on the staff package view: the shelf in the Miami warehouse, changed when the package moves.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { saveLocation } from '../../warehouse/api.ts';
import { operationKeys } from '../operations-api.ts';

export function LocationEdit({ number, location }: { number: number; location: string | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(location ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  async function save() {
    setError('');
    setSaved('');
    try {
      setSaved((await saveLocation(number, value)).message);
      void queryClient.invalidateQueries({ queryKey: operationKeys.package(String(number)) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.serverError);
    }
  }
  return (
    <section className="card" aria-labelledby="location-heading">
      <h2 id="location-heading">Ubicación en bodega</h2>
      <Field
        id="package-location"
        label="Ubicación"
        hint="El estante, por ejemplo A-03-2."
        value={value}
        error={error}
        onValue={setValue}
        maxLength={20}
        autoComplete="off"
      />
      <button type="button" className="button button--secondary" onClick={() => void save()}>
        Guardar ubicación
      </button>
      {saved && <Notice tone="success">{saved}</Notice>}
    </section>
  );
}
