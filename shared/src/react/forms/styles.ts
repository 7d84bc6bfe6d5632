import cardStyles from './card.module.css';
import dialogStyles from './confirm-dialog.module.css';
import formStyles from './form.module.css';

/**
 * The form kit's CSS Modules classes, for screens that build their own fields and buttons:
 * `formStyles` (field, input, textarea, hint, error, alert, primary, secondary, link),
 * `cardStyles` (card, lead, submit: a form alone on its page, such as a login) and
 * `dialogStyles` (backdrop, dialog, actions, plus the actions layouts `stackWhenNarrow` and `wrap`
 * that go on the dialog element beside `dialog`).
 */
export { cardStyles, dialogStyles, formStyles };
