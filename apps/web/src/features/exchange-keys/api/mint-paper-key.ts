import { type TMintedPaperKey, type TMintPaperKeyBody, ZMintedPaperKey } from '@cdca/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Paper exchange only: the minted key is answered once and kept nowhere until it is submitted. */
export const mintPaperKey = (body: TMintPaperKeyBody): Promise<TMintedPaperKey> =>
  apiRequest('/api/v1/paper/keys', { method: 'POST', body, schema: ZMintedPaperKey });

export const useMintPaperKey = () => useMutation({ mutationFn: mintPaperKey });
