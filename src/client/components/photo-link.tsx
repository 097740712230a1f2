// A photo (the warehouse's, or the delivery's) as an image that opens the full photo in a new tab.
export function PhotoLink(props: { href: string; src: string; alt: string; width: number; height: number }) {
  return (
    <a href={props.href} target="_blank" rel="noopener">
      <img src={props.src} alt={props.alt} loading="lazy" width={props.width} height={props.height} />
    </a>
  );
}
