// A toast that offers one action beside its message (e.g. Undo): tapping it runs the action and closes the toast.
// One toast per `id`: a new one replaces the last, and dismissToast takes it away (its action was taken elsewhere).
// react-hot-toast loads with the first toast, as for every toast of the app (toast.ts).
export function showActionToast(id: string, message: string, action: string, onAction: () => void): void {
  void import('react-hot-toast')
    .then(({ default: toast }) => {
      toast(
        (shown) => (
          <span className="toast-with-action">
            <span>{message}</span>
            <button
              type="button"
              className="button"
              onClick={() => {
                toast.dismiss(shown.id);
                onAction();
              }}
            >
              {action}
            </button>
          </span>
        ),
        { id, duration: 6000 },
      );
    })
    .catch((error) => console.warn('toast not shown', message, error));
}

export function dismissToast(id: string): void {
  void import('react-hot-toast').then(({ default: toast }) => toast.dismiss(id)).catch(() => undefined);
}
