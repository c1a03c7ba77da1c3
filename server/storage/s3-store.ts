// Object store on S3 or any S3-compatible server (MinIO, R2, s3rver): it owns storage when S3_ENDPOINT is set.
// Path-style addressing, so the bucket never has to resolve as a host name.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_ONCE_HEADER } from '../../core/constants';
import {
  assertObjectKey,
  assertObjectPrefix,
  cacheControlOf,
  type ListedObject,
  type MultipartUploads,
  type ObjectStore,
  type UploadBinding,
} from './object-store';

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where browsers read public objects (a CDN or the bucket's public host); defaults to endpoint/bucket. */
  publicBaseUrl?: string;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** Where browsers read the store's public objects: S3_PUBLIC_URL, else the bucket's path-style address. */
export function s3PublicBase(config: Pick<S3Config, 'endpoint' | 'bucket' | 'publicBaseUrl'>): string {
  return (
    config.publicBaseUrl?.replace(/\/+$/, '') ?? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`
  );
}

export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;

  constructor(config: S3Config) {
    const endpoint = config.endpoint.replace(/\/+$/, '');
    this.bucket = config.bucket;
    this.publicBase = s3PublicBase(config);
    this.client = new S3Client({
      endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Newer SDKs add CRC32 checksums (aws-chunked bodies) by default, which S3-compatible servers often reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // A request to the bucket itself (a listing) goes to /bucket, not /bucket/: the same to S3, MinIO and R2, and the
    // form s3rver (the tests' S3) checks signatures on.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: unknown };
        if (request.path === `/${this.bucket}/`) request.path = `/${this.bucket}`;
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // What the bucket answers browsers with (public objects are read from it directly).
        CacheControl: cacheControlOf(key),
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertObjectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** S3 answers 204 whether or not the object existed, so deleting twice is fine. */
  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.publicBase}/${key}`;
  }

  /**
   * Content-Type and If-None-Match: * are signed headers, so the upload must send exactly this type, and may only
   * create the object: the bucket refuses a second PUT of the key (S3's conditional write), so an address is good
   * for one upload, as the disk store's are. With a binding, Content-Length is signed too: the bucket refuses a
   * body of another length (403). The binding's grant cannot be asked by a bucket: it binds nothing here.
   */
  async signedPutUrl(
    key: string,
    contentType: string,
    expiresInSeconds: number,
    binding?: UploadBinding,
  ): Promise<string> {
    assertObjectKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      IfNoneMatch: UPLOAD_ONCE_HEADER.value,
      ...(binding ? { ContentLength: exactBytes(binding.bytes) } : {}),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set([
        'content-type',
        UPLOAD_ONCE_HEADER.name.toLowerCase(),
        ...(binding ? ['content-length'] : []),
      ]),
    });
  }

  async signedGetUrl(key: string, expiresInSeconds: number): Promise<string> {
    assertObjectKey(key);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  readonly multipart: MultipartUploads = {
    begin: async (key, contentType) => {
      assertObjectKey(key);
      const started = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      );
      if (!started.UploadId) throw new Error(`S3 gave no upload id for ${key}`);
      return started.UploadId;
    },
    /** Content-Length is signed: the bucket refuses a part of another length (403). */
    signPart: async (key, uploadId, partNumber, bytes, expiresInSeconds) => {
      assertObjectKey(key);
      const command = new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: exactBytes(bytes),
      });
      return getSignedUrl(this.client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-length']),
      });
    },
    complete: async (key, uploadId, parts) => {
      assertObjectKey(key);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    },
    abandonBefore: async (prefix, before) => {
      assertObjectPrefix(prefix);
      let abandoned = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        let page: ListMultipartUploadsCommandOutput;
        try {
          page = await this.client.send(
            new ListMultipartUploadsCommand({
              Bucket: this.bucket,
              Prefix: prefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          );
        } catch (error) {
          // A server that cannot list uploads (s3rver) leaves them to the bucket's own lifecycle rule.
          if (error instanceof S3ServiceException && error.name === 'NotImplemented') return abandoned;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          abandoned += 1;
        }
        if (!page.IsTruncated) return abandoned;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertObjectPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** A length to sign: a whole number of bytes. */
function exactBytes(bytes: number): number {
  if (!Number.isInteger(bytes) || bytes < 0) throw new Error(`invalid upload size: ${bytes}`);
  return bytes;
}
