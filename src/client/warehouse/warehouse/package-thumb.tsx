// The first photo of a package in the warehouse lists, or a plain square when it has none.
export function PackageThumb({ number, url }: { number: number; url: string | null }) {
  if (!url)
    return (
      <span className="package-thumb package-thumb--empty" aria-hidden="true">
        Sin foto
      </span>
    );
  return (
    <img
      className="package-thumb"
      src={url}
      alt={`Foto del paquete ${number}`}
      width={64}
      height={64}
      loading="lazy"
    />
  );
}
