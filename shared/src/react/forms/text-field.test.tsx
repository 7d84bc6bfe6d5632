import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { TextField } from './text-field';

function Field({ error }: { error?: string }): ReactNode {
  const [value, setValue] = useState('');
  return <TextField id="email" label="Email" type="email" value={value} onValueChange={setValue} error={error} />;
}

describe('TextField', () => {
  it('is labelled, passes input attributes through and reports what is typed', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    await userEvent.type(input, 'ana@example.com');
    expect(input).toHaveValue('ana@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('announces its error with the field', () => {
    render(<Field error="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
  });
});
