import { KYC_MIME_TYPES, type KycMime } from '@casino/shared/schemas/kyc';
import { sniffFileType } from '../../lib/file-types.ts';

/** An identity document's type from its bytes (lib/file-types.ts): JPEG, PNG or PDF only. */
export function sniffDocumentType(bytes: Uint8Array): { mime: KycMime; extension: string } | null {
  return sniffFileType(bytes, KYC_MIME_TYPES);
}
