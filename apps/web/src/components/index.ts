// The shared UI kit: every area builds its screens from these.
export { AppModal, type AppModalProps, MODAL_TRANSITION_MS } from './AppModal';
export { type ConfirmOptions, ConfirmProvider, useConfirm } from './Confirm';
export { DateTime, type DateTimeProps } from './DateTime';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export {
  FormCheckbox,
  FormSelect,
  FormText,
  type FormTextOptions,
  LookupSelect,
  OptionSelect,
  type SelectOption,
} from './FormFields';
export { LookupMulti } from './LookupMulti';
export { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';
export { type GridHeight, PagedGrid, type PagedGridProps } from './PagedGrid';
export { PLACEHOLDER_MESSAGE, PlaceholderPage, type PlaceholderPageProps } from './PlaceholderPage';
export { preloadKatex, RichContent, type RichContentFormat, type RichContentProps } from './RichContent';
export { preloadRichTextEditor, RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export {
  CardsSkeleton,
  type CardsSkeletonProps,
  cardColumns,
  GridSkeleton,
  type GridSkeletonProps,
  PageSkeleton,
  type PageSkeletonProps,
  SkeletonGroup,
  type SkeletonGroupProps,
} from './Skeletons';
export { TOAST_DURATION, type ToastApi, type ToastOptions, ToastProvider, useToast } from './Toast';
export { useCloseAfterSuccess } from './useCloseAfterSuccess';
export { type Paging, usePaging } from './usePaging';
export { visuallyHidden } from './visuallyHidden';
