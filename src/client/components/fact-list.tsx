// Facts as a description list: each label (<dt>) with its value (<dd>), e.g. a dispatch's or a found package's.
export function FactList(props: { facts: ReadonlyArray<readonly [string, string]>; className: string }) {
  return (
    <dl className={props.className}>
      {props.facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
