import { render, screen } from '@testing-library/react';
import { LIMITS } from '../../domain/validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

describe('form parts', () => {
  it('PasswordField is a labelled password input capped at the longest password the API takes', () => {
    render(<PasswordField id="pw" label="Password" autoComplete="new-password" value="" onValueChange={jest.fn()} error="Too short" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAttribute('maxlength', String(LIMITS.passwordMax));
    expect(input).toHaveAccessibleDescription('Too short');
  });

  it('SubmitButton submits, and while busy is disabled and says so', () => {
    const { rerender } = render(
      <SubmitButton busy={false} className="wide">
        Log in
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('primary', 'wide');
    expect(button).toBeEnabled();
    rerender(
      <SubmitButton busy busyLabel="Saving..." className="wide">
        Log in
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('FormAlert keeps its alert region in the page and fills it with the message', () => {
    const { rerender } = render(<FormAlert message="" />);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    rerender(<FormAlert message="Something went wrong" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
