/** The part of mapshaper's Node API the command and its tests use. */
declare module 'mapshaper' {
  const mapshaper: {
    /** Runs mapshaper commands on files and in-memory inputs; resolves to the output files by name. */
    applyCommands(
      commands: string,
      inputs?: Record<string, unknown>,
    ): Promise<Record<string, string | Buffer>>;
  };
  export default mapshaper;
}
