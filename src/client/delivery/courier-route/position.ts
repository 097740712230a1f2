// Where the phone is, when the courier allows it (design/delivery.md: 'where the courier allows it, the position'):
// asked once when a form opens, never waited for; an action confirmed before it arrives goes without it.
import { useEffect, useRef } from 'react';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export function usePosition(): () => Position | undefined {
  const position = useRef<Position | undefined>(undefined);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        position.current = {
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: Math.min(coords.accuracy, 100_000),
        };
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: 15_000 },
    );
  }, []);
  return () => position.current;
}
