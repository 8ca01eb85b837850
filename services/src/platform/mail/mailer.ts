export interface MailMessage { to: string; subject: string; text: string; html: string; messageId: string; attachments?: { filename: string; content: Buffer; contentType: string }[] }
export interface Mailer { send(message: MailMessage): Promise<void> }
