import {
  inboxEndpoints,
  NOTIFICATION_FIELD,
  type NotificationInput,
  notificationEndpoints,
} from '@assess/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';

/** Query keys of the messages area. */
export const messagesKeys = {
  all: ['messages'] as const,
  list: (page: number, pageSize: number) => ['messages', 'list', page, pageSize] as const,
  detail: (id: number) => ['messages', 'detail', id] as const,
  targets: ['messages', 'targets'] as const,
  inbox: (page: number, pageSize: number) => ['inbox', 'list', page, pageSize] as const,
  inboxAll: ['inbox'] as const,
  unread: ['inbox', 'unread'] as const,
};

export function useNotifications(page: number, pageSize: number) {
  return useListQuery(messagesKeys.list(page, pageSize), () =>
    call(notificationEndpoints.list, { query: { pageNumber: page, pageSize } }),
  );
}

export function useNotification(id: number | null) {
  return useQuery({
    queryKey: messagesKeys.detail(id ?? 0),
    queryFn: () => call(notificationEndpoints.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function useTargets(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.targets,
    queryFn: () => call(notificationEndpoints.targets),
    enabled,
    staleTime: 60_000,
  });
}

/** The form's JSON first, then the new files: one multipart request, saved as a whole. */
function withAttachments(values: NotificationInput, files: File[]) {
  const form = new FormData();
  form.append(NOTIFICATION_FIELD, JSON.stringify(values));
  for (const f of files) form.append('file', f, f.name);
  return form;
}

/** Create or edit: JSON without new files, the multipart variant with them. */
export const useSaveNotification = () =>
  useRefreshingWrite(
    ({ id, values, files }: { id: number | null; values: NotificationInput; files: File[] }) => {
      const e = notificationEndpoints;
      if (id === null)
        return files.length
          ? call(e.createWithAttachments, { body: withAttachments(values, files) })
          : call(e.create, { body: values });
      return files.length
        ? call(e.updateWithAttachments, { params: { id }, body: withAttachments(values, files) })
        : call(e.update, { params: { id }, body: values });
    },
    [messagesKeys.all],
  );

export const useDeleteNotification = () =>
  useRefreshingWrite(
    (id: number) => call(notificationEndpoints.remove, { params: { id } }),
    [messagesKeys.all],
  );

export function useInbox(page: number, pageSize: number) {
  return useListQuery(messagesKeys.inbox(page, pageSize), () =>
    call(inboxEndpoints.list, { query: { pageNumber: page, pageSize } }),
  );
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.unread,
    queryFn: () => call(inboxEndpoints.unreadCount),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(inboxEndpoints.markRead, { params: { id } }),
    onSuccess: (res) => {
      qc.setQueryData(messagesKeys.unread, res);
      return qc.invalidateQueries({ queryKey: messagesKeys.inboxAll });
    },
  });
}
