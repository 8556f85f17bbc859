// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  };
  function autocannon(
    options: Options,
    done: (error: Error | null, result: unknown) => void,
  ): unknown;
  export default autocannon;
}
