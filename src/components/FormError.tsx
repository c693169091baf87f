interface Props {
  id: string;
  message: string | undefined;
}

/** The validation message under a field; the field points at it with aria-describedby. */
export function FormError({ id, message }: Props) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-600">
      {message}
    </p>
  );
}
