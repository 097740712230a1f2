// The 'Buscar' box of a list (a customer's packages, the staff's board): label, search input and its hint.
export function SearchInput(props: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  hint: string;
}) {
  return (
    <>
      <label htmlFor={props.id}>Buscar</label>
      <input
        id={props.id}
        type="search"
        value={props.value}
        onChange={(event) => props.onValue(event.target.value)}
        maxLength={100}
        autoComplete="off"
        aria-describedby={`${props.id}-hint`}
      />
      <p className="field__hint" id={`${props.id}-hint`}>
        {props.hint}
      </p>
    </>
  );
}
