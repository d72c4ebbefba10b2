// Tests render .astro pages through Astro's container API; TypeScript alone cannot read them.
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
