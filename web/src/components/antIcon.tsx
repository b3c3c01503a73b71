/**
 * An Ant Design icon's markup (@ant-design/icons: its span, svg and paths, drawn by the library's
 * `.anticon` style, which the shell's own icons put in the page) without its components: each of
 * those is ~6 React fibers with a style effect, where the markup is 3. For controls drawn as
 * markup many times on a screen (LazySelect). Decoration: hidden from assistive technology (its
 * name would be the file's, in English, in every language). `paths`: from light/iconPaths.ts (viewBox 64 64 896 896).
 */
export function antIcon(name: string, paths: readonly string[], { evenOdd = false }: { evenOdd?: boolean } = {}) {
  return (
    <span role="img" aria-hidden="true" className={`anticon anticon-${name}`}>
      <svg
        fillRule={evenOdd ? 'evenodd' : undefined}
        viewBox="64 64 896 896"
        focusable="false"
        data-icon={name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
