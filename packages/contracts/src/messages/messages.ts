/** Every message of the messages area, word for word from the spec (part 1 §5, §8); ours are marked. */
export const notificationMessages = {
  // §5 Notification form (concatenated into one 2 s error toast)
  enterTitle: 'Please enter title.',
  enterMessage: 'Please enter message.',
  selectProviderOrEveryone: 'Please select Provider or Notify Everyone.',
  selectSubscriptionTypeOrTestSeries: 'Please select Subscription Type or Test Series.',
  selectChannel: 'Please select at least one notification...',
  tooManySelectedFiles: 'please do not select more than 4 file.',
  // §5 Attachments
  extensionNotSupported: 'This File Extension Is Not Supported!...',
  fileTooLarge: 'Please upload file less than 10 MB.',
  tooManyFiles: 'Please do not upload more than 4 files.',
  duplicateFile: 'Dublicate file is not Attached.',
  // §8 Notification
  updatedSuccessfully: 'Notification updated successfully',
  created: 'Notification created successfully',
  updateFailed: 'Notification update failed',
  creationFailed: 'Notification creation failed',
  errorWhileUpdating: 'Error while updating Notification',
  updated: 'Notification Updated successfully',
  deleted: 'Notification Deleted successfully',
  // ours (the spec has none for these cases)
  readOnly: 'Sending of this message has started; it can no longer be changed.',
  targetNotAvailable: 'A selected target is not available.',
  interestNotAvailable: 'A selected interest is not available.',
  attachmentNotAvailable: 'A kept attachment is not available.',
  deleteConfirm: 'Are you sure you want to delete the notification?',
  markedRead: 'Marked as read',
} as const;
