/**
 * What other features may use of conversations: its repositories stay private to it.
 */
export {
  closeConversationsOf,
  conversationsForExport,
  messagesForExport,
} from "./personal-data.repository";
