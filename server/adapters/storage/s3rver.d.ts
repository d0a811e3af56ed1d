// s3rver ships no types; this is the part of its API our S3 integration test uses.
declare module "s3rver" {
  type BucketConfig = { name: string; configs: (string | Buffer)[] };
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: BucketConfig[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number; family: string }>;
    close(): Promise<void>;
  }
}
