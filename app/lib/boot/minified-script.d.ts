/** A script's minified text (scripts/minified-script-plugin.ts). */
declare module "*?minified-script" {
  const text: string;
  export default text;
}
