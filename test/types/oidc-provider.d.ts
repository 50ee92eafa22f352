// oidc-provider ships JavaScript without type declarations; the tests use it through test/helpers/oidc-provider.ts only.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
