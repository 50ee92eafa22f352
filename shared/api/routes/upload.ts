import { defineRoute } from '../define.ts';
import { images } from '../needs.ts';
import { uploadCompanyParams, uploadFileParams, uploadResultSchema } from '../../schemas/upload.ts';

/** multipart/form-data with the file in the field `image`; `{id}` is the company the image belongs to. */
export const uploadCreate = defineRoute({
  name: 'uploadCreate', method: 'POST', path: '/api/upload/{id}', access: 'user',
  handler: 'functions/handlers/upload/upload-create.ts',
  needs: { table: 'readWrite', objects: [images.readWrite], native: ['sharp'] },
  // Decodes an upload (up to 25 MP) with libvips and writes 24 derivatives: measured 0.45 s CPU and
  // about 190 MB peak for 25 MP on x64 (bench imagePipeline). Memory buys CPU here (one libvips
  // thread): 1536 MB is 0.87 vCPU, so even a slower arm64 core answers in about a second.
  lambda: { memoryMb: 1536 },
  params: uploadCompanyParams, bodyKind: 'multipart', output: uploadResultSchema,
});

/** Public: card pages and wallet passes show these images. Long-lived, immutable cache headers. */
export const uploadGet = defineRoute({
  name: 'uploadGet', method: 'GET', path: '/api/upload/{field}/{filename}', access: 'public',
  handler: 'functions/handlers/upload/upload-get.ts',
  needs: { table: 'read', objects: [images.read] },
  cdn: 'immutable',
  params: uploadFileParams,
});
