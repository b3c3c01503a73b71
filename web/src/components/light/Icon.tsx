/** One of the icons of `iconPaths.ts`, drawn in the text's colour and size (1em); decorative. */
export function Icon({ paths }: { paths: readonly string[] }) {
  return (
    <svg className="pl-icon" viewBox="64 64 896 896" focusable="false" aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A spinning ring in the text's colour (loading states). */
export function Spinner() {
  return <span className="pl-spin" aria-hidden="true" />;
}
