import {
  type ImageUploadResult,
  questionImageMessages as im,
  QUESTION_IMAGE_MAX_BYTES,
} from '@assess/contracts/questions';
import { useCallback } from 'react';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { uploadQuestionImage } from '../api';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * Uploads a question image after the quick checks the browser can make (type, 5 MB); the server checks
 * the content itself and re-encodes it. A refusal is shown as a toast and thrown.
 */
export function useImageUpload() {
  const toast = useToast();
  return useCallback(
    async (file: File): Promise<ImageUploadResult> => {
      const refuse = (message: string): never => {
        toast.error(message, { duration: 5000 });
        throw new Error(message);
      };
      if (file.type && !IMAGE_TYPES.includes(file.type)) refuse(im.notAnImage);
      if (file.size > QUESTION_IMAGE_MAX_BYTES) refuse(im.tooLarge);
      try {
        return await uploadQuestionImage(file);
      } catch (e) {
        return refuse(isApiError(e) ? e.message : im.notAnImage);
      }
    },
    [toast],
  );
}
