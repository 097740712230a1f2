// 'Saltar al contenido': the first thing the Tab key reaches on every screen, hidden until it has the focus; it
// moves the focus to the screen's <main id="contenido"> past the header and its navigation.
export const MAIN_ID = 'contenido';

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        // The focus, not the address: the screen's URL stays as it is.
        event.preventDefault();
        main.tabIndex = -1;
        main.focus();
      }}
    >
      Saltar al contenido
    </a>
  );
}
